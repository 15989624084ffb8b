/* This Source Code Form is subject to the terms of the Mozilla Public
 * License, v. 2.0. If a copy of the MPL was not distributed with this file,
 * You can obtain one at http://mozilla.org/MPL/2.0/. */

// Shared constants for background scripts
window.MAC_CONSTANTS = {
  OPEN_CONTAINER_PREFIX: "open_container_",
  REOPEN_IN_CONTAINER_PREFIX: "reopen_in_container_",
  NUMBER_OF_KEYBOARD_SHORTCUTS: 10,
};
