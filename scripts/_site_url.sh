# Sourced by scripts/demo (not run on its own).
# kitty_site_url ADDRESS: the address players reach a site served at ADDRESS (runserver's
# [HOST:]PORT) by, for the links in emails: http://HOST:PORT/. A server on every interface
# (0.0.0.0, [::]) is reached by this machine's first network address, else localhost.
kitty_site_url() {
  local address=$1 host port
  if [[ $address == *:* ]]; then
    host=${address%:*}
    port=${address##*:}
  else
    host=127.0.0.1
    port=$address
  fi
  if [[ -z $host || $host == 0.0.0.0 || $host == "[::]" ]]; then
    host=$(hostname -I 2>/dev/null | awk '{print $1}')
    host=${host:-localhost}
  fi
  echo "http://$host:$port/"
}
