"""Evaluation: gold questions over real RFPs, and the harness behind ``rfp eval``."""

from rfp_agents.evaluation.questions import GoldQuestion, load_questions, quote_pages, unproven

__all__ = ["GoldQuestion", "load_questions", "quote_pages", "unproven"]
