"""The analyst's deliverables built from a knowledge base: the compliance matrix."""
