from enum import StrEnum


class TablesEventsStreamResponse200Event(StrEnum):
    ENTRY = "entry"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
