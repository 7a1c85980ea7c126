from enum import StrEnum


class OriginEnum(StrEnum):
    CHALLENGE = "challenge"
    LADDER = "ladder"
    SEEK = "seek"
    TABLE = "table"
    TOURNAMENT = "tournament"

    def __str__(self) -> str:
        return str(self.value)
