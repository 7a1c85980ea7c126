from enum import StrEnum


class TablesEventsStreamUntil(StrEnum):
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
