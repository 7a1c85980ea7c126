from enum import StrEnum


class PlayersMeEventsStreamFormat(StrEnum):
    JSON = "json"
    SSE = "sse"

    def __str__(self) -> str:
        return str(self.value)
