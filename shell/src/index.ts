// Async boundary: lets Module Federation negotiate shared singletons (React, @verba/kit) first.
import('./bootstrap');
