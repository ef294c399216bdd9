"""Scripted step lists, free of Panda3D: the rule demonstrations, a saved game replayed as steps, and the
sandbox's building model. The client's apps only draw them."""
