from enum import StrEnum


class DeclineReasonEnum(StrEnum):
    BOT_ONLY = "bot_only"
    BUSY = "busy"
    CLOCK = "clock"
    DECLINED = "declined"
    HUMAN_ONLY = "human_only"
    LATER = "later"
    OPPONENT = "opponent"
    RULES = "rules"

    def __str__(self) -> str:
        return str(self.value)
