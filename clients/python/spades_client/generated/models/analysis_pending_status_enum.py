from enum import StrEnum


class AnalysisPendingStatusEnum(StrEnum):
    PENDING = "pending"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
