'use client';

// Errors above the site's layout (the layout itself failed): the same page, without the chrome.
export { default } from './(site)/error';
