#!/usr/bin/env node
console.log('toolwright-agent: not built yet');
