from enum import StrEnum


class ChallengesListBox(StrEnum):
    RECEIVED = "received"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)
