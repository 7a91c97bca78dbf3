"""A matrix row's topic: what the requirement is about, so an analyst can filter the matrix
by topic and hand each part to the person who answers it."""

from __future__ import annotations

import pytest

from rfp_agents.deliverables.topics import OTHER, TopicVocabulary, topic_of


def test_a_row_that_names_no_topic_takes_its_headings():
    row = "Each session shall last no longer than one hour."
    assert topic_of(row, "G. ORAL PRESENTATIONS AND DISCUSSIONS") == "evaluation"
    assert topic_of(row, "H. GENERAL") == OTHER
    assert topic_of(row) == OTHER


def test_a_row_that_names_its_topic_keeps_it_under_another_heading():
    """A heading counts for less than one word of the row: the row says what it is about."""
    row = "Each quote shall list the vendor's best terms."
    assert topic_of(row, "12. EVALUATION CRITERIA AND BASIS FOR AWARD") == "submission"
    insurance = "The Authority shall be named as additional insured on every policy."
    assert topic_of(insurance, "9. Contract administration") == "insurance"


def test_the_heading_decides_between_weak_words():
    """A list item names its topic with a word several topics use ("liability"); the
    lead-in's "cost" is payment's: the heading says insurance."""
    row = "The Contractor shall maintain at its own cost: Automobile liability of $1,000,000."
    assert topic_of(row, "8.3 Insurance") == "insurance"


def test_other_forms_of_a_word_count_but_a_different_word_does_not():
    """ "Invoices shall be submitted" is about payment, not proposals; "proposed" is not a
    proposal, so the row is about what is built, not about the submission."""
    assert topic_of("Invoices shall be submitted monthly in arrears.") == "payment"
    assert topic_of("The subcontracted work shall be terminated on notice.") == "legal"
    assert topic_of("The proposed platform shall run on redundant hardware.") == "scope"


def test_spanish_rows_have_topics():
    assert topic_of("La factura se presentará por duplicado.") == "payment"
    assert topic_of("Los licitadores deberán presentar su oferta en el registro.") == "submission"
    assert topic_of("Queda prohibida la subcontratación sin autorización.") == "legal"


def test_a_phrase_counts_once_and_the_forms_of_a_word_once():
    vocabulary = TopicVocabulary(
        {
            "schedule": {"terms": ["business days"], "weak": ["days"]},
            "scope": {"terms": [["develop", "developed", "development"]]},
        }
    )
    assert vocabulary.scores("within two business days") == {"schedule": 1.0}
    assert vocabulary.scores("within ten days") == {"schedule": 0.5}
    assert vocabulary.scores("develop the developed code; development") == {"scope": 1.0}


def test_a_broken_vocabulary_is_reported_at_load():
    with pytest.raises(ValueError, match=r"'invoices' reads as 'invoice' again"):
        TopicVocabulary({"payment": {"terms": ["invoice"], "weak": ["invoices"]}})
    with pytest.raises(ValueError, match="unknown keys"):
        TopicVocabulary({"payment": {"words": ["invoice"]}})
    with pytest.raises(ValueError, match="has no word"):
        TopicVocabulary({"payment": {"terms": ["the"]}})


def test_a_spanish_guarantee_is_a_bond_and_a_makers_guarantee_a_warranty():
    """A *garantía de mantenimiento de oferta* secures the bid, like a bid bond; the
    *garantía del fabricante* is the product's warranty."""
    bid = "La garantía de mantenimiento de oferta será del cinco por ciento."
    assert topic_of(bid) == "insurance"
    assert topic_of("Los equipos dispondrán de la garantía del fabricante.") == "deliverables"
