"""text -> analysis: every field of one input analysed once (spaCy Doc, Korean morphemes, quotes), shared by
all detectors, like spaCy components share one Doc."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import cached_property

from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span

from . import lexicon, nlp

QUOTED = re.compile(  # "...", “...”, ‘...’ and '...' (an apostrophe inside a word does not end a quote)
    r"\"[^\"\n]{1,300}\"|“[^”\n]{1,300}”|‘[^’\n]{1,300}’|(?<![\w])'(?:[^'\n]|(?<=\w)'(?=\w)){2,300}'(?![\w])"
)
CLAUSE_BREAK = {",", ";", ":", "—", "–", "but", "however", "though", "although", "-"}
NEGATION_WINDOW = 7
NOT_NEGATING_AFTER_CUE = {"stop", "help", "wait", "believe", "only", "just", "see"}
KO_NEGATORS_AFTER = {"아니", "않", "말"}
KO_NEGATORS_BEFORE = {"안", "못"}
KO_CLAUSE_BREAKS = {"데", "는데", "지만", "니까", "어서", "아서"}
KO_NOT_A_BIG_DEAL = {"별거", "별일", "큰일", "상관"}  # "별거 아니야" negates the fuss, not the act


@dataclass(frozen=True)
class Match:
    """A lexicon hit in one field, with the scope facts that decide whether it is the speaker's own voice."""

    start: int
    end: int
    text: str
    sentence: int
    negated: bool = False
    quoted: bool = False
    reported: bool = False  # inside someone else's words ("people keep telling you to stay positive")

    @property
    def asserted(self) -> bool:
        """True when the phrase is said in the speaker's own voice: not negated, quoted or reported."""
        return not (self.negated or self.quoted or self.reported)


@dataclass
class Field:
    """One analysed text: the reply, the user's message, the child's question, or a history turn."""

    name: str
    text: str
    memo: dict = field(default_factory=dict, repr=False, compare=False)  # lexicon hits, computed once

    @cached_property
    def doc(self) -> Doc:
        return nlp.english()(self.text)

    @cached_property
    def sentences(self) -> list[Span]:
        return list(self.doc.sents)

    @cached_property
    def is_korean(self) -> bool:
        return nlp.has_hangul(self.text)

    @cached_property
    def morphs(self) -> list:
        """kiwipiepy tokens (form, tag, start, len) for Hangul text; empty otherwise."""
        return list(nlp.kiwi().tokenize(self.text)) if self.is_korean else []

    @cached_property
    def plain(self) -> str:
        """The text with curly apostrophes straightened (same length, so spans stay valid)."""
        return self.text.replace("\u2019", "'").replace("\u2018", "'")

    @cached_property
    def quoted_ranges(self) -> list[tuple[int, int]]:
        return [(m.start(), m.end()) for m in QUOTED.finditer(self.text)]

    @cached_property
    def words(self) -> list[str]:
        return [t.text for t in self.doc if not (t.is_punct or t.is_space)]

    @cached_property
    def token_count(self) -> int:
        return nlp.count_tokens(self.text)

    # -- English matching -------------------------------------------------------------------------
    def sentence_of(self, char: int) -> int:
        for i, sent in enumerate(self.sentences):
            if sent.start_char <= char < sent.end_char:
                return i
        return max(len(self.sentences) - 1, 0)

    def _is_quoted(self, start: int, end: int) -> bool:
        return any(qs <= start and end <= qe for qs, qe in self.quoted_ranges)

    def _is_reported(self, start: int) -> bool:
        """A reported-speech cue earlier in the sentence ("They say ...", "I won't tell you ...")."""
        first = next((t.i for t in self.doc if t.idx + len(t.text) > start), len(self.doc))
        if first >= len(self.doc):
            return False
        prefix = self.text[self.doc[self.doc[first].sent.start].idx:start].lower()
        return any(p.search(prefix) for p in lexicon.load("en", "reported_speech").patterns)

    def _is_negated(self, start: int) -> bool:
        return self.negated_within(start, NEGATION_WINDOW)

    def negated_within(self, start: int, window: int) -> bool:
        """A negation cue at most `window` tokens before the phrase, in the same clause."""
        first = next((t.i for t in self.doc if t.idx + len(t.text) > start), len(self.doc))
        sent_start = self.doc[first].sent.start if first < len(self.doc) else 0
        cues = _negation_cues()
        for i in range(first - 1, max(sent_start, first - window) - 1, -1):
            tok = self.doc[i]
            if tok.norm_ in CLAUSE_BREAK:
                return False
            if tok.norm_ in cues:
                following = self.doc[i + 1].norm_ if i + 1 < len(self.doc) else ""
                if following in NOT_NEGATING_AFTER_CUE:  # "can't stop thinking about", "can't help it"
                    continue
                return True
        return False

    def find(self, phrase_list: lexicon.PhraseList) -> list[Match]:
        """Every hit of an English phrase list, longest first where hits overlap (memoised per field)."""
        if phrase_list not in self.memo:
            self.memo[phrase_list] = self._find(phrase_list)
        return self.memo[phrase_list]

    def _find(self, phrase_list: lexicon.PhraseList) -> list[Match]:
        hits: list[tuple[int, int]] = []
        matcher = _phrase_matcher(phrase_list)
        for _, s, e in matcher(self.doc):
            hits.append((self.doc[s].idx, self.doc[e - 1].idx + len(self.doc[e - 1].text)))
        for pattern in phrase_list.patterns:
            hits.extend((m.start(), m.end()) for m in pattern.finditer(self.plain) if m.end() > m.start())
        return self._to_matches(hits)

    def _to_matches(self, hits: list[tuple[int, int]]) -> list[Match]:
        chosen: list[tuple[int, int]] = []
        for s, e in sorted(set(hits), key=lambda h: (-(h[1] - h[0]), h[0])):
            if all(e <= cs or s >= ce for cs, ce in chosen):
                chosen.append((s, e))
        return [
            Match(s, e, self.text[s:e], self.sentence_of(s), self._is_negated(s), self._is_quoted(s, e),
                  self._is_reported(s))
            for s, e in sorted(chosen)
        ]

    # -- Korean matching --------------------------------------------------------------------------
    @cached_property
    def content_morphs(self) -> list:
        """Morphemes without particles (josa), so "손목 긋" matches 손목을 그었어 and 손목 그었어 alike."""
        return [m for m in self.morphs if not m.tag.startswith("J")]

    def find_korean(self, phrases: tuple[str, ...] | list[str]) -> list[Match]:
        """Hits of Korean phrases: morpheme sequences ("죽 고 싶", particles left out) or 're:' regexes on the
        raw text. Korean negation follows the predicate (않다, 아니다, 안 하다) or is 안/못 before it.
        Memoised per field and phrase set."""
        key = ("ko", tuple(phrases))
        if key not in self.memo:
            self.memo[key] = self._find_korean(key[1]) if self.morphs else []
        return self.memo[key]

    @cached_property
    def _form_positions(self) -> dict[str, list[int]]:
        positions: dict[str, list[int]] = {}
        for i, m in enumerate(self.content_morphs):
            positions.setdefault(m.form, []).append(i)
        return positions

    def _find_korean(self, phrases: tuple[str, ...]) -> list[Match]:
        morphs = self.content_morphs
        forms = [m.form for m in morphs]
        starts = [m.start for m in morphs]
        spans: list[tuple[int, int, int, int]] = []  # start char, end char, first morph, end morph
        for phrase in phrases:
            if phrase.startswith("re:"):
                for rm in re.finditer(phrase[3:].strip(), self.text):
                    i = max(0, bisect.bisect_right(starts, rm.start()) - 1)
                    i = i if i < len(morphs) and morphs[i].start + morphs[i].len > rm.start() else i + 1
                    j = bisect.bisect_left(starts, rm.end())
                    spans.append((rm.start(), rm.end(), i, j))
                continue
            seq = phrase.split()
            n = len(seq)
            head = seq[0]
            candidates = (range(len(forms)) if head == "*" or head.endswith("~")
                          else self._form_positions.get(head, []))
            for i in candidates:
                if i + n <= len(forms) and all(_ko_match(forms[i + k], seq[k]) for k in range(n)):
                    end = morphs[i + n - 1].start + morphs[i + n - 1].len
                    spans.append((morphs[i].start, end, i, i + n))
        matches = []
        for start, end, i, j in sorted(set(spans)):
            before = {m.form for m in morphs[max(0, i - 2):i] if m.tag == "MAG"}  # 안 adverb, not 안 'inside'
            negated = False
            window = morphs[j:j + 4]
            for k, m in enumerate(window):  # 죽고 싶은 건 아니고 / not across a clause: 긋는데 별거 아니야
                if (m.tag == "EC" and m.form not in ("지", "게")) or m.form in KO_CLAUSE_BREAKS or m.tag == "SF":
                    break
                if m.form in KO_NEGATORS_AFTER and m.tag.startswith(("V", "VCN")):
                    negated = k == 0 or window[k - 1].form not in KO_NOT_A_BIG_DEAL
                    break
            after6 = [m.form for m in morphs[j:j + 6]]
            noun_hit = morphs[j - 1].tag.startswith("NN") if 0 < j <= len(morphs) else False
            negated = negated or bool(before & KO_NEGATORS_BEFORE) or (noun_hit and any(
                a in ("안", "못") and b in ("하", "해") for a, b in zip(after6, after6[1:], strict=False)))
            matches.append(Match(start, end, self.text[start:end], self.sentence_of(start), negated,
                                 self._is_quoted(start, end)))
        return matches

    def morph_index(self, char: int) -> int:
        """Index in content_morphs of the morpheme at or after a character offset."""
        return next((k for k, m in enumerate(self.content_morphs) if m.start + m.len > char),
                    len(self.content_morphs))


def _ko_match(form: str, pattern: str) -> bool:
    """'*' in a Korean phrase stands for any one morpheme; a trailing '~' matches a prefix."""
    if pattern == "*":
        return True
    if pattern.endswith("~"):
        return form.startswith(pattern[:-1])
    return form == pattern


_MATCHERS: dict[tuple[str, str], PhraseMatcher] = {}


def _phrase_matcher(phrase_list: lexicon.PhraseList) -> PhraseMatcher:
    key = (phrase_list.lang, phrase_list.name)
    if key not in _MATCHERS:
        english = nlp.english()
        matcher = PhraseMatcher(english.vocab, attr="NORM")
        matcher.add(phrase_list.name, [english.make_doc(p) for p in phrase_list.phrases])
        _MATCHERS[key] = matcher
    return _MATCHERS[key]


def _negation_cues() -> frozenset[str]:
    return frozenset(lexicon.load("en", "negation_cues").phrases)


@dataclass
class ChildProfile:
    name: str = ""
    age: int | None = None
    interests: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)
    family: str = ""


@dataclass
class Analysis:
    """Everything the detectors may look at for one reply."""

    kind: str  # input kind: "adult" (user/response/history) or "child" (child/question/response)
    response: Field
    prompt: Field  # the adult user's message or the child's question
    history: list[tuple[str, Field]] = field(default_factory=list)  # (role, field), oldest first
    child: ChildProfile | None = None
    memo: dict = field(default_factory=dict)  # results one detector computes and another reuses

    @property
    def user_fields(self) -> list[Field]:
        """The current message and the user's recent turns (most recent first), where crises are looked for."""
        earlier = [f for role, f in reversed(self.history) if role == "user"][:2]
        return [self.prompt, *earlier]


def build(kind: str, response: str, prompt: str, history: list[dict] | None = None,
          child: ChildProfile | None = None) -> Analysis:
    turns = [(t["role"], Field(f"history[{i}]", t["content"])) for i, t in enumerate(history or [])]
    prompt_name = "question" if kind == "child" else "user"
    return Analysis(kind, Field("response", response), Field(prompt_name, prompt), turns, child)
