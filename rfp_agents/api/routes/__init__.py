"""The API's routes, one router per concern; ``create_app`` includes them."""
