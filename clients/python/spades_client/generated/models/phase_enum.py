from enum import StrEnum


class PhaseEnum(StrEnum):
    BID = "bid"
    EXCHANGE = "exchange"
    GAME_OVER = "game_over"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
