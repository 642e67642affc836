import { startPwa } from './start'

// Imported by main.tsx after the window's load event, in a production build: importing it is starting it,
// so the entry carries only the import (its first-load bytes are counted for every route, decision 065).
startPwa()
