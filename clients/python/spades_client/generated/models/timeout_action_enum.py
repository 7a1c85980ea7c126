from enum import StrEnum


class TimeoutActionEnum(StrEnum):
    AUTO_PLAY = "auto_play"
    BOT = "bot"
    FORFEIT = "forfeit"

    def __str__(self) -> str:
        return str(self.value)
