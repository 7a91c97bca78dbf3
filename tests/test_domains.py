"""The domain lexicon labels Spanish tenders too: their chunks at ingest, their matrix rows
and a Spanish question's route, where only the English terms did before."""

from __future__ import annotations

from rfp_agents.domains import classify_text


def test_a_spanish_clause_is_labelled_by_its_own_terms():
    assert classify_text("La factura se presentará con el importe y el IVA.").category == (
        "financial"
    )
    assert (
        classify_text(
            "El contratista será responsable de los daños y perjuicios y de las penalidades."
        ).category
        == "legal"
    )
    assert (
        classify_text(
            "Las plantas cumplirán las prescripciones técnicas y el plazo de entrega."
        ).category
        == "technical"
    )


def test_accents_are_optional_in_the_text():
    """A heading in capitals often drops its accents ("GARANTIA DEFINITIVA")."""
    folded = classify_text("GARANTIA DEFINITIVA: el adjudicatario constituira la garantia.")
    assert folded.category == "financial"
    assert folded.matched_terms["financial"] == ["garantía definitiva"]


def test_an_english_clause_keeps_its_label():
    assert classify_text("The Contractor shall submit invoices monthly.").category == "financial"
    assert classify_text("Any deviation is a breach of the warranty.").category == "legal"
