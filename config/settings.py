"""Kitty's settings: one module, every deployment knob read from the environment.

With no environment at all Kitty runs embedded: a SQLite file, Celery tasks run eagerly in the
web process, an in-memory channel layer, DEBUG on and a generated development secret key.
``DATABASE_URL`` and ``REDIS_URL`` switch to PostgreSQL, a Redis broker and the Redis channel
layer. ``KITTY_PRODUCTION=1`` (with ``SECRET_KEY`` and ``ALLOWED_HOSTS``) turns DEBUG off and
the HTTPS protections on, so that ``manage.py check --deploy`` has nothing to report.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import dev_secret_key, env_bool, env_int, env_list, env_rate, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

# --- Mode -----------------------------------------------------------------------------------

# KITTY_PRODUCTION=1: a real deployment. Secrets and host names must then be given explicitly,
# and every default below leans to the safe side.
PRODUCTION = env_bool("KITTY_PRODUCTION", default=False)

# DEBUG: detailed error pages. On for development, off in production unless forced.
DEBUG = env_bool("DEBUG", default=not PRODUCTION)

# SECRET_KEY: signs sessions and tokens. Required in production; in development a key is
# generated once into a git-ignored file so sessions survive restarts.
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("KITTY_PRODUCTION=1 needs SECRET_KEY (50+ random characters).")
    SECRET_KEY = dev_secret_key(BASE_DIR / ".dev-secret-key")

# ALLOWED_HOSTS: comma-separated host names this site answers to. Required in production.
ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", default=[] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]"]
)
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("KITTY_PRODUCTION=1 needs ALLOWED_HOSTS (e.g. kitty.example.org).")

# CSRF_TRUSTED_ORIGINS: comma-separated origins (https://host) allowed to POST forms, needed
# when a proxy serves the site under another origin.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])
# A refused form says so in a member's words, with the ways on (not Django's developer page).
CSRF_FAILURE_VIEW = "config.views.csrf_failure"

# --- Applications ---------------------------------------------------------------------------

INSTALLED_APPS = [
    # Daphne first: its runserver replaces Django's, so development serves websockets too.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    # API tokens for club scripts (Authorization: Token ...); see /account/api-token/.
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    # The simple config: the partials loader is set explicitly in TEMPLATES below.
    "template_partials.apps.SimpleAppConfig",
    "channels",
    "club",
    "tournaments",
    "scoring",
    "tables",  # label "engine"
    "notices",
    "demo",  # above every app: the demo club and manage.py load_demo
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every response, static files and errors included.
    "config.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the language cookie, else the browser's Accept-Language (after the
    # session, before CommonMiddleware); a member's stored choice wins below, once signed in.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "club.language.MemberLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A service's refusal no page view handled: a page with its message, not a 500.
    "club.page_errors.DomainErrorMiddleware",
]

# CONTENT_SECURITY_POLICY: what a page may load and run (config/middleware.py). Scripts and
# styles come from the site's own static files only: no inline <script>, style="..." or
# onclick=... in templates (htmx's own indicator style is off, see base.html). Images may also
# be data: URLs; connect-src adds the site's ws:// or wss:// address for the table sockets.
CONTENT_SECURITY_POLICY: dict[str, list[str]] = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
# Directives replaced under a path: Swagger UI (drf-spectacular-sidecar) sets styles inline.
CONTENT_SECURITY_POLICY_PATHS: dict[str, dict[str, list[str]]] = {
    "/api/docs/": {"style-src": ["'self'", "'unsafe-inline'"]},
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

_TEMPLATE_LOADERS: list[Any] = [
    "django.template.loaders.filesystem.Loader",
    "django.template.loaders.app_directories.Loader",
]
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # Partials wrap the cached loaders, so "page.html#fragment" names resolve.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [("django.template.loaders.cached.Loader", _TEMPLATE_LOADERS)],
                )
            ],
            # i18n is built in: every template marks its text with {% translate %}.
            "builtins": ["template_partials.templatetags.partials", "django.templatetags.i18n"],
        },
    }
]

# --- Database -------------------------------------------------------------------------------

# DATABASE_URL: postgres://user:password@host:5432/name for PostgreSQL; default is a SQLite
# file beside manage.py. CONN_MAX_AGE: seconds to keep connections open (0 = per request);
# only without the pool below, which keeps connections itself.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", default=0),
        conn_health_checks=True,
    )
}
# On PostgreSQL each process shares a pool of connections among its threads (psycopg_pool).
# The ASGI server runs database work on a new thread per request, and with CONN_MAX_AGE each
# thread kept a connection of its own: 40 clients ran a server's 100 connections out. A pool
# bounds a process: 40 clients on one daphne took 99 connections with CONN_MAX_AGE=60 (a third
# of the requests failed), 40 with CONN_MAX_AGE=0 and 10 with the default pool, which also
# answered fastest (bench/http_load.py).
# DB_POOL_MAX_SIZE: connections one process may hold (10); 0 turns the pool off. Size it so
# that the processes (ASGI servers, Celery worker children, beat) times it stay under the
# server's max_connections; a request that finds every connection busy waits for one.
# A Celery worker does without the pool (see config/celery.py). No connection is kept open
# while the site is idle (they open when needed, and stay while in use and up to 10 idle
# minutes); a request waits up to 10 s for a free connection before it fails.
DB_POOL_MAX_SIZE = env_int("DB_POOL_MAX_SIZE", default=10)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_MAX_SIZE > 0:
    if DATABASES["default"]["CONN_MAX_AGE"]:
        raise ImproperlyConfigured(
            "CONN_MAX_AGE keeps connections per thread, which the PostgreSQL pool does instead: "
            "unset CONN_MAX_AGE, or set DB_POOL_MAX_SIZE=0 to turn the pool off."
        )
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 0,
        "max_size": DB_POOL_MAX_SIZE,
        "timeout": 10,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker, channel layer, cache ----------------------------------------------

# REDIS_URL: redis://host:6379/0. Unset means the embedded default: no broker (eager tasks),
# an in-memory channel layer and a per-process cache. Several web processes need it.
REDIS_URL = env_str("REDIS_URL")

# CELERY_BROKER_URL / CELERY_RESULT_BACKEND: override the Redis URL for Celery only.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", REDIS_URL or "cache+memory://")
# CELERY_TASK_ALWAYS_EAGER: run tasks in the calling process. Default: on without a broker.
CELERY_TASK_ALWAYS_EAGER = env_bool(
    "CELERY_TASK_ALWAYS_EAGER", default=CELERY_BROKER_URL == "memory://"
)
# Eager errors propagate, so a failing task fails the request or test that ran it.
CELERY_TASK_EAGER_PROPAGATES = True
# CELERY_TASK_DEFAULT_QUEUE: the queue name; sites sharing one Redis give each its own.
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_TASK_DEFAULT_QUEUE", "kitty")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TIMEZONE = env_str("TIME_ZONE", "UTC")
# Celery beat (club server): open online tables whose scheduled time has come.
CELERY_BEAT_SCHEDULE = {
    "open-due-tables": {"task": "engine.tasks.tables_open_due", "schedule": 60.0},
    # Email players of tables opening soon (notices.tasks.REMINDER_MINUTES), each player once.
    "remind-due-tables": {"task": "notices.tasks.tables_remind_due", "schedule": 60.0},
    # Restart the computer players or the clock of online tables that stalled.
    "tables-watchdog": {"task": "engine.tasks.tables_watchdog", "schedule": 60.0},
    # Every second, play for the players of online tables whose turn clock ran out (one query
    # a sweep): a clock runs out up to a second late.
    "tables-clocks": {"task": "engine.tasks.tables_clocks_due", "schedule": 1.0},
    # Apply the event's no-show rule at match tables whose players have not all come.
    "tables-no-shows": {"task": "tables.tasks.match_no_shows_due", "schedule": 60.0},
    # Invitations to members' tables not answered in time lapse: the seat goes to the host's
    # computer or opens, as the table says.
    "tables-invitations": {"task": "tables.tasks.invitations_expire_due", "schedule": 60.0},
    # Online matches still at their round's default time an hour before it stay there.
    "settle-match-times": {"task": "tournaments.tasks.match_times_settle", "schedule": 300.0},
}
# KITTY_TABLE_STALL_SECONDS: a playing table where nothing happened for longer than its turn
# clock (or this, without a clock) is stalled; the watchdog restarts it. A player with the
# table page open tells the server so every KITTY_TABLE_PRESENCE_SECONDS; one not heard of for
# twice that (a socket that died without closing) counts as away. Both are read from the
# environment because the server and worker processes that tests and bench/tables_load.py
# start need other values (a stall after 1 s, clients that never say they are there).
KITTY_TABLE_STALL_SECONDS = env_int("KITTY_TABLE_STALL_SECONDS", default=180)
KITTY_TABLE_PRESENCE_SECONDS = env_int("KITTY_TABLE_PRESENCE_SECONDS", default=30)
# KITTY_INVITATIONS_PER_HOUR: how many seats of members' tables one member may invite people to
# in an hour; past it each invitation is refused (throttled) until the hour has passed.
KITTY_INVITATIONS_PER_HOUR = env_int("KITTY_INVITATIONS_PER_HOUR", default=30)

if REDIS_URL:
    # redis-py 8 changed two defaults that channels_redis relies on; both are set back to
    # redis-py 7's. A 5 s socket timeout: the list layer's blocking read (BZPOPMIN) is 5 s long,
    # and every socket that heard nothing for 5 s crashed. A pool of 100 connections per process
    # that raises when empty instead of waiting: a burst of sockets opening or closing at once
    # (a server restart, the end of a night) crashed.
    _REDIS_HOST = {"address": REDIS_URL, "socket_timeout": None, "max_connections": 2**31}
    # KITTY_CHANNEL_LAYER: how the web processes pass socket messages through Redis.
    # "pubsub" (the default): a group message is one PUBLISH, and each process hears it once on
    # its own subscription and hands it to its sockets of that group; nothing is stored, so a
    # socket hears only what is sent while it is open (a table's socket gets the whole state on
    # connect). "lists": channels_redis's list layer, a stored inbox per process that each
    # socket's message is read back from (a dozen round trips per action at a table), for a
    # Redis that offers no publish and subscribe (some proxies and hosted services).
    KITTY_CHANNEL_LAYER = env_str("KITTY_CHANNEL_LAYER", "pubsub")
    # KITTY_CHANNEL_PREFIX: the layer's names in Redis. Published messages reach every
    # subscriber of the server whatever its database number, so the default carries the number
    # of REDIS_URL's database; sites sharing one database set their own.
    KITTY_CHANNEL_PREFIX = env_str(
        "KITTY_CHANNEL_PREFIX", f"kitty{urlsplit(REDIS_URL).path.strip('/') or '0'}."
    )
    if KITTY_CHANNEL_LAYER == "pubsub":
        CHANNEL_LAYERS: dict[str, dict[str, Any]] = {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [_REDIS_HOST], "prefix": KITTY_CHANNEL_PREFIX},
            }
        }
    elif KITTY_CHANNEL_LAYER == "lists":
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                # Every socket of a web process shares that process's inbox in Redis, and the
                # layer drops a message sent to a full inbox (100 messages by default): 40
                # tables opening at once (5 messages each) while their process was busy playing
                # others lost some of their first screens.
                "CONFIG": {
                    "hosts": [_REDIS_HOST],
                    "prefix": KITTY_CHANNEL_PREFIX,
                    "capacity": 2000,
                },
            }
        }
    else:
        raise ImproperlyConfigured(
            f"KITTY_CHANNEL_LAYER={KITTY_CHANNEL_LAYER!r}: use pubsub or lists."
        )
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
else:
    # One process only: enough for the embedded default and tests.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Auth -----------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The sign-in throttle (club/sign_in_throttle.py) checks first and only ever refuses; Django's
# own backend checks the password.
AUTHENTICATION_BACKENDS = [
    "club.sign_in_throttle.SignInThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# SIGN_IN_ADDRESS_FAILURES: wrong passwords from one client address (20) after which signing
# in from there is refused for a while, even with the right password (club/sign_in_throttle.py
# holds the per-account limit and the lockout's length). A club whose members all sign in
# through one address (the hall's wifi) may need more.
SIGN_IN_ADDRESS_FAILURES = env_int("SIGN_IN_ADDRESS_FAILURES", default=20)
LOGIN_URL = "sign_in"
LOGIN_REDIRECT_URL = "home"
# Sessions are kept in the database and read through the cache (Redis on a club server):
# every signed-in request reads its session, and the database is busy enough on a league night.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# --- Language and time ----------------------------------------------------------------------

# English by default; French for the clubs of Acadie and Quebec. A page's language is the
# member's own choice (My profile, or the switcher at the foot of every page), else the
# language cookie, else the browser's (club.language). Translations: locale/fr/LC_MESSAGES.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# TIME_ZONE: the club's local zone for league-night dates, e.g. America/Halifax.
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# --- Static files ---------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# STATIC_ROOT: where collectstatic gathers files for whitenoise to serve in production.
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed names need collectstatic first, so only production uses them; the
    # plain storage lets tests and the development server find files where they are.
    "staticfiles": {
        "BACKEND": "config.storage.KittyStaticStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- HTTPS (production) ---------------------------------------------------------------------

# SECURE_SSL_REDIRECT: send plain-HTTP visitors to HTTPS. On in production.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=PRODUCTION)
# SECURE_HSTS_SECONDS: how long browsers must insist on HTTPS (one year in production).
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=31_536_000 if PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=PRODUCTION)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=PRODUCTION)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=PRODUCTION)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=PRODUCTION)
# TRUST_X_FORWARDED_PROTO=1: behind a proxy that terminates TLS and sets X-Forwarded-Proto.
# Only set it when the proxy overwrites that header, or clients could claim HTTPS.
if env_bool("TRUST_X_FORWARDED_PROTO", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Client address -------------------------------------------------------------------------

# KITTY_NUM_PROXIES: how many proxies in front of Kitty append to X-Forwarded-For (1 behind one
# nginx; 2 behind a load balancer and nginx). The client is that many entries from the right
# of the header, the part the proxies wrote (club/client_address.py); every per-address limit
# counts by it. 0 (the default) ignores the header: the client is REMOTE_ADDR. Run daphne
# without --proxy-headers, which would take the leftmost entry, the one the client writes.
# KITTY_API_NUM_PROXIES, its former name, is still read when KITTY_NUM_PROXIES is not set.
KITTY_NUM_PROXIES = env_int(
    "KITTY_NUM_PROXIES", default=env_int("KITTY_API_NUM_PROXIES", default=0)
)

# --- API ------------------------------------------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "config.schema.KittyAutoSchema",
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Strict JSON of a bounded size and depth (config/parsers.py); forms and uploads as DRF's.
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # The browser's session (with CSRF), or a personal token for scripts:
    # "Authorization: Token <key>", the key from /account/api-token/ or
    # `manage.py drf_create_token <username>`.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    # Every refusal answers {"code", "message", "field"} (club/api_errors.py).
    "EXCEPTION_HANDLER": "club.api_errors.exception_handler",
    # Rate limits (club/api_throttles.py), counted in the cache (Redis on a club server). Over
    # budget answers 429 with Retry-After. KITTY_API_RATE_ANON (per address, signed out),
    # KITTY_API_RATE_USER (per account) and KITTY_API_RATE_WRITE (changes, per account):
    # "<count>/<second|minute|hour|day>", or "off". The defaults leave room for a club's
    # scripts and a busy scoring desk.
    "DEFAULT_THROTTLE_CLASSES": [
        "club.api_throttles.AnonThrottle",
        "club.api_throttles.UserThrottle",
        "club.api_throttles.WriteThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_rate("KITTY_API_RATE_ANON", "120/minute"),
        "user": env_rate("KITTY_API_RATE_USER", "600/minute"),
        "write": env_rate("KITTY_API_RATE_WRITE", "120/minute"),
    },
    # The API counts visitors by the site's one client address (KITTY_NUM_PROXIES above).
    "NUM_PROXIES": KITTY_NUM_PROXIES,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Kitty API",
    "DESCRIPTION": "Clubs, players, league nights and tournaments for 120s, Bid Whist and Pitch.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and Redoc come from drf-spectacular-sidecar: our own static, no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Sheets and online tables both have a "status": each choice set keeps a name of its own.
    "ENUM_NAME_OVERRIDES": {
        "StatusEnum": "scoring.models.SheetStatus",
        "TableStatusEnum": "tables.models.TableStatus",
    },
}

# --- Email and logging ----------------------------------------------------------------------

# EMAIL_BACKEND: development prints mail to the console; set an SMTP backend in production.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "kitty@localhost")
# EMAIL_HOST / EMAIL_PORT / EMAIL_HOST_USER / EMAIL_HOST_PASSWORD / EMAIL_USE_TLS: the SMTP
# server, for EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend.
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", default=25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=False)
# KITTY_SITE_URL: the site's address as players reach it, for the links in emails.
KITTY_SITE_URL = env_str("KITTY_SITE_URL", "http://localhost:8000")

# LOG_LEVEL: level of Kitty's own log lines on the console.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        app: {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")}
        for app in ("club", "tournaments", "scoring", "engine", "notices")
    },
}
