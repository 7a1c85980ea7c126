from enum import StrEnum


class TournamentStatusEnum(StrEnum):
    CANCELLED = "cancelled"
    FINISHED = "finished"
    REGISTERING = "registering"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
