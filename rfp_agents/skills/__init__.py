"""Skills the agents call; each skill is a folder with a SKILL.md card."""
