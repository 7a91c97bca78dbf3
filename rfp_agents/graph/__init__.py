"""The ask graph: validate -> route -> domain agents in parallel -> synthesize."""

from rfp_agents.graph.graph import build_graph, graph

__all__ = ["build_graph", "graph"]
