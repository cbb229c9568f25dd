"""Whole-page substring probes (``"itemscope" in text``) that share their scans.

A probe that misses reads the whole page (~0.2 ms on 400 kB, bytes no faster than text),
and the layers ask for a dozen words, several in two to four spellings ("itemscope",
"itemScope", "ITEMSCOPE"). One lower-cased copy of the page's UTF-8 bytes (~0.1 ms)
answers all spellings of a word with one scan; only a word found there is looked for as
written, from just before where the folded copy has it. Answers are exact
(case-sensitive, as ``in``): a word in the text is in its UTF-8 bytes, and in their
lower-cased copy, never before its first spelling there.
"""
from __future__ import annotations


class TextProbes:
    """``needle in text`` for one page's text, memoised, with a case-folded pre-check."""

    def __init__(self, text: str, utf8: bytes | None = None) -> None:
        """``utf8``: exactly ``text.encode("utf-8")`` when the caller has it (else no pre-check)."""
        self.text = text
        self._folded = utf8.lower() if utf8 is not None else None
        # Bytes beyond one per character: a byte offset minus this is a lower bound of
        # the character offset, so the exact search starts just before the folded hit.
        self._extra = len(utf8) - len(text) if utf8 is not None else 0
        self._answers: dict[str, bool] = {}
        self._folded_at: dict[bytes, int] = {}

    def __contains__(self, needle: str) -> bool:
        answer = self._answers.get(needle)
        if answer is None:
            start = self.start_of(needle)
            answer = self._answers[needle] = start != -1 and self.text.find(needle, start) != -1
        return answer

    def may_contain(self, needle: str) -> bool:
        """False when no spelling of ``needle`` (its ASCII letters in any case) is in the text:
        one scan rules out every spelling, and what only a spelling of it can produce."""
        return self._first_folded(needle) != -1

    def start_of(self, needle: str) -> int:
        """A character offset at or before the first spelling of ``needle`` (ASCII letters
        in any case), where a search for it (or a case-blind pattern starting with it) can
        start; -1 when no spelling is in the text."""
        at = self._first_folded(needle)
        return -1 if at == -1 else max(0, at - self._extra)

    def _first_folded(self, needle: str) -> int:
        """Byte offset of the first spelling of ``needle`` in the folded copy, -1 when
        none is there (0 without the folded copy: search the whole text)."""
        if self._folded is None:
            return 0
        key = needle.encode("utf-8").lower()
        at = self._folded_at.get(key)
        if at is None:
            at = self._folded_at[key] = self._folded.find(key)
        return at
