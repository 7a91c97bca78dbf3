"""The Legal, Technical and Financial agents: one loop, three profiles, three knowledge tools."""
