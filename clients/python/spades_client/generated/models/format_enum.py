from enum import StrEnum


class FormatEnum(StrEnum):
    DOUBLE_ELIMINATION = "double_elimination"
    DUPLICATE = "duplicate"
    ROUND_ROBIN = "round_robin"
    SINGLE_ELIMINATION = "single_elimination"
    SWISS = "swiss"

    def __str__(self) -> str:
        return str(self.value)
