from enum import StrEnum


class ObjectiveEnum(StrEnum):
    MARGIN = "margin"
    PARANOID = "paranoid"

    def __str__(self) -> str:
        return str(self.value)
