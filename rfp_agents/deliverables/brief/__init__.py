"""The RFP brief: the facts that decide go / no-go, each cited or "not stated".

``fields.py`` says what a brief holds, ``cover.py`` reads the solicitation's own name and
number, ``values.py`` fills the other fields offline or with a chat model (``dates.py`` cuts a
date field to its own date), ``risks.py`` and
``conflicts.py`` find what the bid team must weigh, and ``graph.py`` runs the domain agents in
parallel and assembles the ``Brief`` (``models.py``).
"""
