const path = require('path');
const { task, src, dest, parallel } = require('gulp');

// n8n resolves `file:` icons relative to the compiled node, so icons/ is copied beside dist/nodes and dist/credentials.
function copyIcons() {
	// encoding: false keeps the bytes intact (gulp 5 reads files as UTF-8 by default).
	return src(path.resolve('icons', '**', '*.{png,svg}'), { encoding: false }).pipe(
		dest(path.resolve('dist', 'icons')),
	);
}

// Codex files (categories, documentation links) sit next to each compiled node.
function copyCodex() {
	return src(path.resolve('nodes', '**', '*.node.json')).pipe(dest(path.resolve('dist', 'nodes')));
}

// Output schemas (what the editor shows for a node that has not run yet) sit where n8n looks: __schema__/ beside the node.
function copySchemas() {
	return src(path.resolve('nodes', '**', '__schema__', '**', '*.json')).pipe(
		dest(path.resolve('dist', 'nodes')),
	);
}

task('build:icons', parallel(copyIcons, copyCodex, copySchemas));
