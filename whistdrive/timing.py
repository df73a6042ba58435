"""Server-Timing on every response: how long the server took, for benchmarks and browsers' tools.

``Server-Timing: app;dur=12.3`` is milliseconds from this middleware (the first) to the response,
so it includes every other middleware, the view and the database, but not the network.
"""

import time


def server_timing(get_response):
    def middleware(request):
        start = time.perf_counter()
        response = get_response(request)
        response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - start) * 1000:.2f}"
        return response

    return middleware
