export function showWelcome(root: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  const who = params.get('ref') ?? 'friend';
  const banner = document.createElement('div');
  banner.className = 'welcome';
  banner.innerHTML = `Welcome back, <strong>${who}</strong>`;
  root.prepend(banner);
}

document.addEventListener('DOMContentLoaded', () => showWelcome(document.body));
