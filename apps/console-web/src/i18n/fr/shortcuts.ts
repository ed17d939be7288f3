import type { shortcuts as en } from '../en/shortcuts.js';
import type { Translation } from '../translation.js';

/** French texts: the keyboard help dialog and the display settings. */
export const shortcuts: Translation<typeof en, 'fr'> = {
  shortcuts: {
    title: 'Raccourcis clavier et affichage',
    open: 'Raccourcis clavier',
    chordThen: 'puis',
    areas: {
      global: 'Partout',
      navigation: 'Aller à une page',
      tables: 'Dans un tableau',
      dialogs: 'Dans une boîte de dialogue',
    },
    actions: {
      help: 'Afficher cette aide',
      palette: 'Ouvrir la palette de commandes',
      search: 'Rechercher dans cette page',
      go: {
        d: 'Tableau de bord',
        b: 'Buckets',
        u: 'Utilisateurs',
        g: 'Groupes',
        p: 'Stratégies',
        s: 'Paramètres',
        j: 'Tâches',
        t: 'Tenants',
      },
      rows: 'Ligne précédente ou suivante',
      pages: 'Une page de lignes vers le haut ou le bas',
      ends: 'Première ou dernière ligne',
      open: 'Ouvrir la ligne',
      select: 'Sélectionner la ligne',
      selectRange: 'Sélectionner jusqu’à la ligne',
      next: 'Champ suivant',
      previous: 'Champ précédent',
      close: 'Fermer la boîte de dialogue',
    },
    display: 'Affichage',
    highContrast: 'Contraste élevé',
    highContrastHint: 'Texte et bordures à pleine intensité, liens soulignés, un large anneau de focus.',
    reduceMotion: 'Réduire les animations',
    reduceMotionHint:
      'Ni glissement, ni fondu, ni rotation. Suit le réglage du système tant qu’il n’est pas modifié.',
  },
};
