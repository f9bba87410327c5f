const path = require('path');
const { task, src, dest } = require('gulp');

task('build:icons', copyIcons);

// n8n resolves `file:` icons relative to the compiled node, so the icons folder is copied beside dist/nodes.
function copyIcons() {
	// encoding: false keeps SVG/PNG bytes intact (gulp 5 reads UTF-8 by default).
	return src(path.resolve('icons', '**', '*.{png,svg}'), { encoding: false }).pipe(dest(path.resolve('dist', 'icons')));
}
