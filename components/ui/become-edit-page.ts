/**
 * A thing saved for the first time: the page becomes its edit page, in the address bar and the
 * tab's title, without a navigation (the form stays as it is, and a reload opens the edit page).
 */
export function becomeEditPage(href: string, newTitle: string, editTitle: string): void {
  window.history.replaceState(null, '', href);
  document.title = document.title.replace(newTitle, editTitle);
}
