#!/bin/sh
# nginx resolves names at request time only through a `resolver` directive, and the DNS server
# that knows the compose services is the container's own (Docker: 127.0.0.11, podman: the
# network's gateway): it is taken from resolv.conf at each start.
set -eu
server=$(awk '$1 == "nameserver" { print $2; exit }' /etc/resolv.conf)
case $server in
  *:*) server="[$server]" ;;  # an IPv6 address goes in brackets
esac
echo "resolver ${server:-127.0.0.11} valid=5s ipv6=off;" >/etc/nginx/conf.d/00-resolver.conf
exec "$@"
