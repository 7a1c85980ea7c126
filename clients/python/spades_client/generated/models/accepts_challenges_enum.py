from enum import StrEnum


class AcceptsChallengesEnum(StrEnum):
    ALL = "all"
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
