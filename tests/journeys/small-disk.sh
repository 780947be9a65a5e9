#!/bin/sh
# Chromium on a small disk of its own: a tmpfs of $SMALL_DISK_SIZE mounted over its profile
# folder ($SMALL_DISK_DIR) in a private mount namespace, so the browser's own storage quota (a
# share of that disk) is real and small. `unshare -rm` needs no root where user namespaces are
# allowed; the mount is gone with the browser.
exec unshare -rm sh -c 'mount -t tmpfs -o size="$SMALL_DISK_SIZE" tmpfs "$SMALL_DISK_DIR" && exec "$SMALL_DISK_CHROMIUM" "$@"' chromium "$@"
