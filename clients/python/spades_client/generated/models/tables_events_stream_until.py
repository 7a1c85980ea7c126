from enum import StrEnum


class TablesEventsStreamUntil(StrEnum):
    MOVE = "move"
    TURN = "turn"

    def __str__(self) -> str:
        return str(self.value)
