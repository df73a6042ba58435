"""whistdrive settings: one file, read from environment variables with safe local defaults.

A fresh clone runs with none set (DEBUG on, SQLite in db.sqlite3). For a club's server see README.
Where the files are, in a clone and in an installed copy alike, is locations.py's rule.
"""

import gc
import hashlib
from importlib.util import find_spec
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from . import __version__, locations
from .env import database_from_url, email_from_env, env_bool, env_int, env_list, env_str

# Django's start-up (these settings, then every app's models and admin) makes some hundred thousand
# objects that live as long as the process, and the garbage collector's full collections walked
# them again and again as they grew: a tenth of a management command's start-up. It waits until
# the last app is ready: TournamentsConfig.ready() freezes what start-up made and starts it again.
gc.disable()

# whistdrive's own files (templates/, static/, fixtures/), and the folder of the club's data: the
# SQLite database, the hall's secret key, backups, unsent e-mails and the collected static files.
BASE_DIR = locations.code_dir()
DATA_DIR = locations.data_dir()
try:
    DATA_DIR.mkdir(parents=True, exist_ok=True)
except OSError as error:
    raise ImproperlyConfigured(
        f"whistdrive keeps its data in {DATA_DIR} but cannot create that folder ({error.strerror}): "
        "set WHISTDRIVE_HOME to a folder you can write to."
    ) from None

DEV_SECRET_KEY = "whistdrive-development-key-not-for-production"
DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", DEV_SECRET_KEY)
MIN_SECRET_KEY = 50  # what Django's deployment check asks for
if not DEBUG:
    if SECRET_KEY == DEV_SECRET_KEY:
        weakness = "the development key"
    elif not SECRET_KEY:
        weakness = "empty"
    elif len(SECRET_KEY) < MIN_SECRET_KEY:
        weakness = "too short"
    elif len(set(SECRET_KEY)) < 5:
        weakness = "too simple"
    else:
        weakness = ""
    if weakness:
        raise ImproperlyConfigured(
            f"DEBUG is off but SECRET_KEY is {weakness}: set SECRET_KEY to a random value of at least "
            f"{MIN_SECRET_KEY} characters (python -c 'import secrets; print(secrets.token_urlsafe(50))')."
        )
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # The admin's modules (and through them every service) are found by whistdrive/urls.py, with the
    # pages' URLs: a management command that shows no page starts without them.
    "django.contrib.admin.apps.SimpleAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tasks",
    "django_tasks_db",
    "tournaments",
]
# django-tables2 draws the standings' tables but is not an installed app: an app is imported at
# start-up, and its package imports PostgreSQL's driver (for a column kind whistdrive never uses)
# even on SQLite. Its template tags and templates are named here instead, found without importing it.
TABLES2_TEMPLATES = Path(find_spec("django_tables2").submodule_search_locations[0]) / "templates"


MIDDLEWARE = [
    "whistdrive.timing.server_timing",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "whistdrive.middleware.content_security_policy",
    "whistdrive.middleware.names_per_request",
    "whistdrive.middleware.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "whistdrive.urls"
WSGI_APPLICATION = "whistdrive.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", TABLES2_TEMPLATES],
        "APP_DIRS": True,
        "OPTIONS": {
            "libraries": {"django_tables2": "django_tables2.templatetags.django_tables2"},
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": database_from_url(
        "DATABASE_URL",
        env_str("DATABASE_URL", "sqlite:///db.sqlite3"),
        DATA_DIR,
        prepared=env_bool("DATABASE_PREPARED_STATEMENTS", True),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# An event's scores are kept between two writes (services/events/scoring.py), by default in each server
# process's memory. Several servers may share one cache instead, e.g.
# CACHE_BACKEND=django.core.cache.backends.redis.RedisCache CACHE_LOCATION=redis://127.0.0.1:6379
# What the season's pages read of the published evenings (each evening as the competitions and the
# players' pages see it, the standings, each member's evenings: services/season/) is kept the same
# way, under versions of what it came from, in the "season" cache: by default in the data folder,
# so that the first page after a restart finds it (and emptied when migrate makes a database or
# flush empties one: tournaments/apps.py), else in CACHE_BACKEND's cache. Its keys name the app's
# version, so an upgrade never reads what an older one kept, and the database, so two databases
# never read each other's.
_CACHE_BACKEND = env_str("CACHE_BACKEND", "")
_database = [DATABASES["default"].get(part) for part in ("ENGINE", "NAME", "HOST", "PORT")]
SEASON_CACHE_DAYS = 60  # longer than a season's summer break: a page read once a week stays kept
CACHES = {
    "default": {
        "BACKEND": _CACHE_BACKEND or "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": env_str("CACHE_LOCATION", ""),
    },
    "season": {
        "BACKEND": _CACHE_BACKEND or "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": env_str("CACHE_LOCATION", "") if _CACHE_BACKEND else str(DATA_DIR / "cache" / "season"),
        "KEY_PREFIX": f"whistdrive-{__version__}-{hashlib.sha256(repr(_database).encode()).hexdigest()[:16]}",
        # On disk for a season; in a shared cache as long as its other entries (what it keeps names
        # members, and a forgotten member's name goes with the rest).
        "TIMEOUT": 300 if _CACHE_BACKEND else SEASON_CACHE_DAYS * 24 * 60 * 60,
        # On disk, room for a few seasons' evenings and the standings of their latest versions.
        "OPTIONS": {} if _CACHE_BACKEND else {"MAX_ENTRIES": 3000},
    },
}

# What a tablet's tap makes due but must not wait for (a two-player night's next round, a widow
# series' next tables) is done in a thread of the server's process after the request
# (tournaments/services/core/later.py); off, in the thread that asked, once its transaction has
# committed (the tests: all the work where they can see it).
AFTER_REQUEST_IN_BACKGROUND = True

# Background tasks kept in the database (tournaments/services/core/tasks.py: the boards' analysis,
# the outbox's sending), run by `manage.py worker` on a club's server and by a thread of the server
# in hall mode (TASKS_IN_SERVER=1, set by `whistdrive hall` and `whistdrive run`). A task RUNNING
# for longer than TASKS_RUNNING_LIMIT seconds was left by a worker that stopped, and is run again.
TASKS = {"default": {"BACKEND": env_str("TASKS_BACKEND", "django_tasks_db.DatabaseBackend")}}
TASKS_IN_SERVER = env_bool("TASKS_IN_SERVER", False)
TASKS_RUNNING_LIMIT = env_int("TASKS_RUNNING_LIMIT", 300)

# The players' pages on their phones read an evening's scores as they stood at most this many
# seconds ago (tournaments/services/tablets/pair_evening.py, evening_now): the phones of a whole
# hall, asking every 20 s while the tablets enter, then share one reading of the scores in place of
# scoring the evening again for each phone. A page's own boards wait at most this long; the close of
# the evening shows at once.
PHONE_PAGES_FRESH_SECONDS = 10

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "admin:login"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Serve static files straight from the apps too, so a server started without collectstatic still
# has its styles (collectstatic is still the way for production: it compresses).
WHITENOISE_USE_FINDERS = True

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# HTTPS: on by default with DEBUG off. A club server behind a TLS proxy keeps it on; a laptop on
# the hall's Wi-Fi (plain http) turns it off with HTTPS=0.
HTTPS = env_bool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    # Only behind a proxy that sets this header itself; otherwise a client could fake https.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The tablets' own addresses, for counting wrong table codes: behind a proxy every request comes
# from the proxy, so with this on the address is the one the proxy adds to X-Forwarded-For. Only
# behind a proxy that sets it; otherwise a client could pose as any address.
TRUST_X_FORWARDED_FOR = env_bool("TRUST_X_FORWARDED_FOR", False)
X_FRAME_OPTIONS = "DENY"
# The sites that may show a club's results index inside their own pages (a frame), as
# Content-Security-Policy's frame-ancestors lists them: e.g. FRAME_ANCESTORS=https://ribblewhist.org.uk
# Every other page may be framed by no site.
FRAME_ANCESTORS = env_list("FRAME_ANCESTORS", ["'self'"]) or ["'self'"]
for _source in FRAME_ANCESTORS:
    if any(c in _source for c in ";' \"") and _source not in ("'self'", "'none'"):
        raise ImproperlyConfigured(
            f"FRAME_ANCESTORS has {_source!r}: give web addresses separated by commas, "
            "e.g. https://ribblewhist.org.uk"
        )
SECURE_CONTENT_TYPE_NOSNIFF = True

# The address tablets reach whistdrive at, printed in the table cards' links and QR codes. The pages
# use it unless it is empty or names this machine (127.0.0.1, localhost): then they print the address
# the organiser's browser came in by. The print command takes it as it is (or its --base-url).
WHISTDRIVE_BASE_URL = env_str("BASE_URL", "http://127.0.0.1:8000")

# Results e-mails (services/season/mail.py): the mail server from EMAIL_URL or EMAIL_HOST and the rest
# (env.email_from_env); with none, each is written once to a file in sent-mail/ to read and waits in
# the outbox until a mail server is set.
_email = email_from_env(DATA_DIR)
EMAIL_BACKEND = _email["EMAIL_BACKEND"]
EMAIL_FILE_PATH = _email["EMAIL_FILE_PATH"]
EMAIL_TIMEOUT = _email["EMAIL_TIMEOUT"]
EMAIL_HOST = _email.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _email.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _email.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _email.get("EMAIL_USE_SSL", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "whistdrive <results@localhost>")
# The site's address in exported pages' links back (the tablets' address by default).
SITE_URL = env_str("SITE_URL", WHISTDRIVE_BASE_URL).rstrip("/")
# The links in results e-mails: a club's own public address (its settings), else SITE_URL only when
# it is set in the environment (a server's public name), else none: the tablets' address is the
# hall's, unreachable from a member's home, so it is never printed in an e-mail.
MAIL_SITE_URL = env_str("SITE_URL", "").rstrip("/")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}

# Backups of the whole club (services/backups/club.py). In hall mode (manage.py hall sets HALL=1)
# one is written into BACKUP_DIR at the close of each evening and drive, and the last HALL_BACKUPS
# are kept (0: none written).
HALL_MODE = env_bool("HALL", False)
HALL_BACKUPS = env_int("HALL_BACKUPS", 10)
if HALL_BACKUPS < 0:
    raise ImproperlyConfigured(f"HALL_BACKUPS={HALL_BACKUPS} is below 0: give how many backups to keep.")
BACKUP_DIR = Path(env_str("BACKUP_DIR", str(DATA_DIR / "hall" / "backups")))

# The register of members forgotten at their request (services/core/members.py): marks, no names,
# kept beside the database so that a restore into an emptied database forgets them again.
ERASURES_FILE = Path(env_str("ERASURES_FILE", str(DATA_DIR / "erasures.json")))
