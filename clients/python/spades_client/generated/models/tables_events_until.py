from enum import StrEnum


class TablesEventsUntil(StrEnum):
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
