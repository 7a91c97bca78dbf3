"""rfp_agents."""
