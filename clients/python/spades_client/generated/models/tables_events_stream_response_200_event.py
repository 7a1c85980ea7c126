from enum import StrEnum


class TablesEventsStreamResponse200Event(StrEnum):
    ENTRY = "entry"
    TABLE = "table"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
