from enum import StrEnum


class MatchStatusEnum(StrEnum):
    ABANDONED = "abandoned"
    FINISHED = "finished"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
