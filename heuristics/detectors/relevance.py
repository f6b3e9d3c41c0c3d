"""Response relevance: does the reply address this user's specific concern and build on earlier turns?

English messages: content words (lemmas, stop words out) echoed by the reply. Korean messages: topic concepts
from ko/topics.tsv matched against the English words of en/topics.tsv, since the English encoder cannot read
Hangul. Earlier user turns: words the reply picks up from them and not from the current message."""

from __future__ import annotations

import re
from functools import cache
from typing import ClassVar

from .. import lexicon
from ..analysis import Analysis, Field
from ..findings import Finding


def content_lemmas(fld: Field) -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    for tok in fld.doc:
        if tok.is_alpha and not tok.is_stop and len(tok.text) > 2:
            out.setdefault((tok.lemma_ or tok.lower_).lower(), (tok.idx, tok.idx + len(tok.text)))
    return out


@cache
def _english_topics() -> dict[str, list[re.Pattern[str]]]:
    return {c: [lexicon.compile_pattern(p[3:]) for p in ps] for c, ps in
            lexicon.load_concepts("en", "topics").items()}


def topics_in(fld: Field) -> set[str]:
    if fld.is_korean:
        return {c for c, ps in lexicon.load_concepts("ko", "topics").items() if fld.find_korean(ps)}
    return {c for c, ps in _english_topics().items() if any(p.search(fld.text) for p in ps)}


def topic_hits(fld: Field, concepts: set[str]) -> list[tuple[int, int, str]]:
    hits = []
    for c in sorted(concepts):
        for p in _english_topics().get(c, []):
            m = p.search(fld.text)
            if m:
                hits.append((m.start(), m.end(), c))
                break
    return hits


class Relevance:
    name: ClassVar[str] = "relevance"
    applies_to: ClassVar[frozenset[str]] = frozenset({"adult", "child"})

    def scan(self, analysis: Analysis) -> list[Finding]:
        reply = analysis.response
        reply_words = content_lemmas(reply)
        out: list[Finding] = []
        prompt_words = {} if analysis.prompt.is_korean else content_lemmas(analysis.prompt)
        for word in sorted(set(prompt_words) & set(reply_words)):
            s, e = reply_words[word]
            out.append(Finding("echoes_user", reply.name, (s, e), reply.text[s:e],
                               f"picks up the user's word \"{word}\""))
        for s, e, concept in topic_hits(reply, topics_in(analysis.prompt)):
            out.append(Finding("same_topic", reply.name, (s, e), reply.text[s:e],
                               f"addresses the user's topic ({concept})"))
        earlier: dict[str, tuple[int, int]] = {}
        earlier_topics: set[str] = set()
        for role, fld in analysis.history:
            if role == "user":
                if not fld.is_korean:
                    earlier.update(content_lemmas(fld))
                earlier_topics |= topics_in(fld)
        new_words = (set(earlier) - set(prompt_words)) & set(reply_words)
        for word in sorted(new_words):
            s, e = reply_words[word]
            out.append(Finding("builds_on_history", reply.name, (s, e), reply.text[s:e],
                               f"refers back to an earlier turn (\"{word}\")"))
        if not new_words:
            for s, e, concept in topic_hits(reply, earlier_topics - topics_in(analysis.prompt)):
                out.append(Finding("builds_on_history", reply.name, (s, e), reply.text[s:e],
                                   f"refers back to an earlier turn's topic ({concept})"))
        return out


detector = Relevance()
