import { configure } from '@testing-library/react';

// Fragment tests run beside PostgreSQL-backed suites on two cores: a lazily loaded page can take more
// than testing-library's default second to appear, which is load, not a defect. findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5000 });
