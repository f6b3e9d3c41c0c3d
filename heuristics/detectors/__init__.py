"""All detectors, in the order the pipeline runs them. Each module holds one detector with `scan()`."""

from __future__ import annotations

from . import (
    age_appropriateness,
    child_dismissive,
    corporate_tone,
    crisis_response,
    crisis_signal,
    diagnosis,
    encourages_harm,
    flat_tone,
    length,
    medical_advice,
    minimizing,
    overloading,
    personalization,
    platitude,
    punctuation,
    relevance,
    sensitive_redirect,
    strategy,
    therapy_jargon,
    unsafe_suggestion,
    unsolicited_advice,
    warmth_signals,
)
from .base import Detector

ALL: tuple[Detector, ...] = (
    length.detector,
    warmth_signals.detector,
    relevance.detector,
    platitude.detector,
    minimizing.detector,
    unsolicited_advice.detector,
    corporate_tone.detector,
    therapy_jargon.detector,
    punctuation.detector,
    crisis_signal.detector,
    crisis_response.detector,
    encourages_harm.detector,
    medical_advice.detector,
    diagnosis.detector,
    child_dismissive.detector,
    overloading.detector,
    flat_tone.detector,
    unsafe_suggestion.detector,
    age_appropriateness.detector,
    sensitive_redirect.detector,
    personalization.detector,
    strategy.detector,
)


def for_kind(kind: str) -> tuple[Detector, ...]:
    return tuple(d for d in ALL if kind in d.applies_to)
