from enum import StrEnum


class ResultEnum(StrEnum):
    BYE = "bye"
    DRAW = "draw"
    FORFEIT = "forfeit"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
