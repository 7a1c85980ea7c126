from enum import StrEnum


class PresetEnum(StrEnum):
    CLASSIC = "classic"
    CUTTHROAT = "cutthroat"
    CUTTHROAT3 = "cutthroat3"
    DOUBLE_NIL_PASS = "double_nil_pass"
    EASY = "easy"
    MIRROR = "mirror"
    SHORT = "short"
    SPEED = "speed"
    STANDARD = "standard"
    SUICIDE = "suicide"
    WHIZ = "whiz"
    YAHOO = "yahoo"

    def __str__(self) -> str:
        return str(self.value)
