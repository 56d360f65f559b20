/**
 * The whole Mantine stylesheet, in its `mantine` cascade layer like the component styles the public
 * pages import (providers.tsx), so loading it after them changes nothing they show. main.tsx loads
 * it with the code of every page outside the public site's own (app/public-pages.ts).
 */
import '@mantine/core/styles.layer.css';
