(function() {
    'use strict';
})();
