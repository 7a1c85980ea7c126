from enum import StrEnum


class TournamentsBracketLang(StrEnum):
    EN = "en"
    JA = "ja"

    def __str__(self) -> str:
        return str(self.value)
