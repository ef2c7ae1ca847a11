export function showWelcome(root: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  const who = params.get('ref') ?? 'friend';
  const banner = document.createElement('div');
  banner.className = 'welcome';
  const strong = document.createElement('strong');
  strong.textContent = who;
  banner.append('Welcome back, ', strong);
  root.prepend(banner);
}

document.addEventListener('DOMContentLoaded', () => showWelcome(document.body));
