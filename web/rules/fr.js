// Les règles en bref, en français : le jeu de base, les Esprits du Niagara et Diamond Joe,
// d'après RULES.md (mêmes numéros de règles), avec les mots de la règle française (gemmes,
// gisements, cartes de pagaie, bouée, rive, cascade). Même forme que rules/en.js.

export default {
    lang: 'fr',
    ui: {
        title: 'Comment jouer à Niagara',
        pageTitle: 'Niagara : les règles en bref',
        closeLabel: 'Fermer les règles',
        contents: 'Sommaire',
        newTab: 'Ouvrir dans une page',
        language: 'Langue',
        backToGame: 'Retour au jeu',
    },
    words: {
        land: 'Rive',
        waterfall: 'CASCADE',
        up2: 'amont 2',
        down2: 'aval 2',
        lost: 'perdu',
        pushed: 'poussé',
        elk: 'élan +2',
        beaver: 'castor',
        weather: 'météo',
        joeMove: 'amont selon la carte',
    },
    pictures: {
        river: [
            "La rivière : la rive, T1 à T5, l'embranchement vers L6 L7 et R6 R7, puis la cascade ; les cinq gisements à côté de T3, T4, T5, de la langue de terre (bleu) et du bord de la chute (rouge).",
            'La rivière. Les gemmes attendent dans les gisements à côté de T3 (violet), T4 (incolore), T5 (jaune), L6/R6 (bleu) et L7/R7 (rouge).',
        ],
        move: [
            "Carte 3 : le canoé 1 quitte la rive et descend de 3 cases jusqu'à T3 ; le canoé 2 charge une gemme incolore à T4 pour 2 points, puis descend d'une case jusqu'à T5.",
            'Une carte chiffrée donne ses points à chaque canoé qui se déplace.',
        ],
        steal: [
            "Le vol : avec la carte 2, le canoé orange remonte de T5 à T3 et s'arrête à côté du canoé vert chargé d'une gemme rouge ; il peut prendre cette gemme.",
            "Deux cases vers l'amont jusqu'à un canoé chargé : la gemme rouge peut changer de main.",
        ],
        flow: [
            "La rivière avance d'un pas : chaque disque descend d'une case ; celui de T5 entre dans le bras indiqué par le drapeau ; le dernier disque de ce bras tombe avec son canoé et la gemme bleue qu'il porte.",
            "Vitesse 1 : tout descend d'une case ; le drapeau indique le bras gauche, donc le disque de L7 tombe.",
        ],
        double: [
            'Le canoé double porte deux gemmes (ici violette et incolore) ; le canoé simple une seule (jaune).',
            'Le canoé double (votre canoé 1) porte deux gemmes et peut en voler deux.',
        ],
        lasso: [
            'Lasso : vos canoés sur la rivière attendent sur la berge, à côté de leur case, pendant que la rivière avance ; personne ne peut les voler.',
            'Les canoés au lasso attendent sur la berge (en pointillés) pendant que les disques passent.',
        ],
        whirlpool: [
            "Tourbillon à T4 : un canoé descend de 2 cases depuis T2 et s'arrête dessus ; il est donc poussé d'une case vers l'aval, jusqu'à T5.",
            "Deux cases vers l'aval jusqu'au tourbillon à T4 : le canoé finit à T5.",
        ],
        elk: [
            "L'Élan pressé : un canoé à L7 le prend au début du tour de son propriétaire et dispose ensuite de 2 points de plus : avec la carte 3, il remonte de 5 cases, jusqu'à T2.",
            "Un canoé au bord de la chute avec l'élan : la carte 3 lui fait remonter 5 cases, de L7 à T2.",
        ],
        beaver: [
            'Le Castor baigneur : quand la météo passe à +2, il saute sur le disque de T1 ; quand il tombe dans la cascade, la météo revient à 0.',
            'La météo à +2 fait entrer le castor à T1.',
        ],
        joe: [
            'Diamond Joe : un canoé noir neutre portant une gemme incolore à T4 ; après la rivière, il remonte selon la carte du premier joueur. Votre canoé à côté de lui peut prendre, échanger ou donner une gemme.',
            'Joe porte une gemme incolore à T4 ; votre canoé à côté de lui peut échanger.',
        ],
    },
    parts: [
        {
            id: 'base',
            title: 'Le jeu',
            intro: "**But.** Descendez la rivière, chargez des gemmes dans les gisements et ramenez-les sur la rive avant que la cascade n'emporte vos canoés. Il vous faut *5 gemmes de 5 couleurs*, ou *4 d'une même couleur*, ou *7 gemmes*.",
            sections: [
                {
                    rule: 'R1',
                    title: 'Le matériel et la mise en place',
                    short: 'Mise en place',
                    items: [
                        [
                            'R1.1',
                            "De 3 à 5 joueurs, jusqu'à 6 avec les Esprits. Les sièges se suivent autour de la table ; votre voisin de gauche occupe le siège suivant.",
                        ],
                        [
                            'R1.2',
                            'Cinq couleurs de gemmes : violet (améthyste), incolore (diamant), jaune (ambre), bleu (saphir) et rouge (rubis). Chaque couleur a son gisement.',
                        ],
                        [
                            'R1.3',
                            "Chaque gisement commence avec 7 gemmes de sa couleur (avec les Esprits : 6 à 3 joueurs, 8 à 6). Les gemmes ne font que circuler : aucune n'est ajoutée ni perdue.",
                        ],
                        [
                            'R1.4',
                            'Vous avez 2 canoés (avec les Esprits : un double et un simple). Ils partent de la rive (la terre ferme, près du quai).',
                        ],
                        [
                            'R1.5',
                            'Vos cartes de pagaie : 1, 2, 3, 4, 5, 6 et la météo (le nuage). Les Esprits ajoutent 7, lasso et 1/2/3.',
                        ],
                        [
                            'R1.6',
                            'Le marqueur de météo part de 0, sur une piste de −1, 0, +1 et +2.',
                        ],
                        [
                            'R1.7',
                            'Qui reçoit la bouée (le premier joueur) au premier tour est tiré au sort.',
                        ],
                    ],
                },
                {
                    rule: 'R2',
                    title: 'La rivière',
                    short: 'La rivière',
                    items: [
                        ['fig', 'river'],
                        [
                            'R2.1',
                            "Neuf cases, chacune un disque de rivière : T1 à T5 depuis la corde vers l'aval, puis l'embranchement vers le bras gauche L6, L7 et le bras droit R6, R7 (vus en regardant vers l'aval). Après L7 et R7 : la cascade.",
                        ],
                        [
                            'R2.2',
                            "Les gisements : violet à T3, incolore à T4, jaune à T5, bleu sur la langue de terre entre L6 et R6, rouge à côté de L7 et R7. T1 et T2 n'en ont pas.",
                        ],
                        [
                            'R2.3',
                            'Un canoé est posé sur un disque : quand les disques avancent, il avance avec eux.',
                        ],
                        [
                            'R2.4',
                            "Un pas de la rivière : un disque vide entre à T1 et chaque disque descend d'une case. Le disque qui quitte T5 entre dans le bras indiqué par le drapeau de l'embranchement ; dans ce bras, le disque de la case 7 tombe dans la cascade avec tout ce qu'il porte. L'autre bras ne bouge pas. Puis le drapeau passe à l'autre bras (il commence à gauche et alterne toujours).",
                        ],
                        [
                            'R2.6',
                            'La rive ne touche que T1 : les canoés entrent et sortent de la rivière par là, sous la corde.',
                        ],
                    ],
                },
                {
                    rule: 'R3',
                    title: 'Un tour de jeu',
                    short: 'Un tour',
                    items: [
                        [
                            'R3.1',
                            '**Phase I.** Chacun choisit en secret une carte de sa main, tous en même temps. Avant cela, vous pouvez racheter des canoés perdus (R8.3).',
                        ],
                        [
                            'R3.2',
                            "**Phase II.** En commençant par le joueur qui a la bouée, puis dans le sens horaire, chacun révèle sa carte et l'applique aussitôt. Les suivants voient ce que les autres ont fait.",
                        ],
                        ['R3.3', '**Phase III.** La rivière avance (R7).'],
                        [
                            'R3.4',
                            '**Phase IV.** La bouée passe au voisin de gauche, qui commence le tour suivant.',
                        ],
                        [
                            'R3.5',
                            "**Votre main.** Une carte jouée ne revient pas dans votre main. C'est seulement quand vous avez joué *toutes* vos cartes (7 dans le jeu de base, 10 avec l'extension) qu'elles reviennent toutes, au début du tour suivant. Choisissez donc : une grosse carte maintenant, c'est une grosse carte de moins pour plus tard.",
                        ],
                        [
                            'R3.6',
                            "Ici, chaque carte jouée est montrée à tous : chacun peut savoir ce qui reste dans chaque main (une table avec l'option « mémoire » ne montre que la carte du dessus de chaque pile). La carte que vous avez choisie reste secrète jusqu'à votre tour.",
                        ],
                    ],
                },
                {
                    rule: 'R4',
                    title: 'Les cartes chiffrées : pagayer',
                    short: 'Pagayer',
                    items: [
                        ['fig', 'move'],
                        [
                            'R4.1',
                            "Le chiffre donne les points d'action de chaque canoé qui se déplace.",
                        ],
                        [
                            'R4.2',
                            "Chacun de vos canoés sur la rivière doit se déplacer. Si aucun n'y est, vous devez mettre à l'eau exactement un canoé depuis la rive ; sinon, vous pouvez aussi mettre à l'eau votre canoé resté sur la rive. Chaque canoé utilise tous les points pour lui seul, l'un après l'autre, dans l'ordre de votre choix.",
                        ],
                        [
                            'R4.3',
                            "Une case coûte 1 point, de même que rive → T1 et T1 → rive. Pendant son déplacement, un canoé va dans un seul sens : vers l'amont (la rive) ou vers l'aval (la cascade). En descendant après T5, vous choisissez le bras ; en remontant d'un bras, on arrive à T5. Jamais remonter un bras et redescendre l'autre.",
                        ],
                        [
                            'R4.4',
                            "Tous les points doivent être utilisés. Seule exception : un canoé qui atteint la rive en remontant peut s'y arrêter.",
                        ],
                        ['R4.5', 'Un canoé sur la rive ne peut que descendre, dans la rivière.'],
                        [
                            'R4.6',
                            'Vous pouvez passer la cascade exprès : le canoé est alors perdu (R8).',
                        ],
                        [
                            'R4.7',
                            "Les canoés ne se bloquent jamais ; une case peut en accueillir autant qu'on veut.",
                        ],
                        [
                            'R4.8',
                            "Un canoé arrivé sur la rive y reste jusqu'à votre prochain tour.",
                        ],
                    ],
                },
                {
                    rule: 'R5',
                    title: 'Charger et décharger des gemmes',
                    short: 'Les gemmes',
                    items: [
                        ['R5.1', 'Un canoé porte une gemme ; un canoé double, deux.'],
                        [
                            'R5.2',
                            "Il ne charge et ne décharge qu'au gisement voisin de sa case. La rive, T1 et T2 n'en ont pas.",
                        ],
                        [
                            'R5.3',
                            'Chaque gemme chargée ou déchargée coûte 2 points à ce canoé, qui avance donc de 2 cases de moins. Avec la carte 1, aucune gemme ne peut être chargée ni déchargée.',
                        ],
                        [
                            'R5.4',
                            'On charge ou décharge soit avant que le canoé se déplace, soit à la fin de son déplacement ; jamais en chemin, jamais les deux.',
                        ],
                        [
                            'R5.5',
                            "Au même gisement et au même moment, vous pouvez décharger puis charger (4 points pour un canoé simple), mais pas une gemme d'une couleur que ce canoé a déchargée pendant ce tour.",
                        ],
                        [
                            'R5.6',
                            'Une gemme chargée pendant ce tour ne peut pas être déchargée pendant ce même tour.',
                        ],
                        [
                            'R5.7',
                            "Toute couleur peut être déchargée dans n'importe quel gisement. Un gisement peut contenir plusieurs couleurs ; qui y charge choisit sa gemme.",
                        ],
                        [
                            'R5.8',
                            'Un canoé peut ne pas bouger du tout si les gemmes prennent tous ses points (carte 2 et un chargement).',
                        ],
                        [
                            'R5.9',
                            "Un canoé double peut décharger jusqu'à deux gemmes et en charger jusqu'à deux, le tout au même gisement et au même moment, 2 points par gemme.",
                        ],
                    ],
                },
                {
                    rule: 'R6',
                    title: 'Voler, et rapporter les gemmes',
                    short: 'Vol, retour à la rive',
                    items: [
                        ['fig', 'steal'],
                        [
                            'R6.1',
                            "Un canoé peut voler s'il a remonté la rivière d'au moins une case, s'y est arrêté en utilisant tous ses points, a de la place, n'a pas chargé à la fin de ce déplacement et n'a pas été poussé par un tourbillon. Décharger avant le déplacement ne l'en empêche pas ; décharger après, si.",
                        ],
                        [
                            'R6.2',
                            "Il prend une gemme dans le canoé chargé d'un autre joueur sur la même case, gratuitement et seulement si vous le voulez. Jamais dans vos propres canoés, ni dans un canoé sur la berge (lasso) ou sur la rive. S'il y a plusieurs canoés chargés, vous choisissez.",
                        ],
                        [
                            'R6.3',
                            'Un canoé double avec deux places libres peut prendre deux gemmes, dans un même canoé ou dans deux.',
                        ],
                        [
                            'R6.4',
                            "Un canoé qui descend ne vole jamais, et les canoés n'échangent jamais de gemmes.",
                        ],
                        [
                            'R6.5',
                            "Un canoé volé a de nouveau de la place : il peut charger ou voler plus tard dans ce tour si son propriétaire n'a pas encore joué.",
                        ],
                        [
                            'R6.6',
                            '**Retour à la rive.** Quand un canoé atteint la rive, ses gemmes vont dans votre réserve, visible de tous et acquise pour de bon (sauf pour racheter un canoé). Accoster ne coûte rien, et un canoé vide peut accoster aussi.',
                        ],
                    ],
                },
                {
                    rule: 'R7',
                    title: 'La météo et la vitesse de la rivière',
                    short: 'Météo, vitesse',
                    items: [
                        [
                            'R7.1',
                            "**La carte météo.** Au lieu de pagayer, déplacez le marqueur de météo d'une case vers le haut ou vers le bas (il faut le déplacer, et il reste entre −1 et +2). Aucun de vos canoés ne bouge, ne charge ni ne vole pendant ce tour.",
                        ],
                        [
                            'R7.2',
                            "**La vitesse.** La rivière avance d'autant de cases que la plus petite carte chiffrée (1 à 7) jouée ce tour, plus la météo après la phase II. La météo, le lasso et 1/2/3 ne sont pas des cartes chiffrées ; sans aucune carte chiffrée, la vitesse est la météo seule. À 0 ou moins, la rivière ne bouge pas.",
                        ],
                        ['R7.3', 'En phase III, la rivière fait autant de pas (R2.4).'],
                        ['fig', 'flow'],
                        [
                            'R7.4',
                            'Pendant que la rivière avance, personne ne pagaie, ne charge, ne décharge ni ne vole.',
                        ],
                    ],
                },
                {
                    rule: 'R8',
                    title: 'La cascade',
                    short: 'La cascade',
                    items: [
                        [
                            'R8.1',
                            'Un canoé dont le disque tombe, ou qui pagaie au-delà du bord, est perdu. Ses gemmes retournent dans les gisements de leur couleur.',
                        ],
                        ['R8.2', "Un canoé perdu est hors jeu jusqu'à ce que vous le rachetiez."],
                        [
                            'R8.3',
                            'En phase I, vous pouvez racheter un canoé perdu et le remettre sur la rive en payant une gemme de votre réserve (elle retourne dans son gisement) : une gemme par canoé, et seulement si vous le voulez.',
                        ],
                        [
                            'R8.4',
                            'Si tous vos canoés sont perdus et que votre réserve est vide, un canoé revient gratuitement sur la rive au début de la phase I (avec les Esprits, vous choisissez lequel).',
                        ],
                    ],
                },
                {
                    rule: 'R9',
                    title: 'La fin de la partie',
                    short: 'La fin',
                    items: [
                        [
                            'R9.1',
                            "Une réserve gagnante : 5 couleurs différentes, ou 4 gemmes d'une même couleur, ou 7 gemmes de n'importe quelles couleurs.",
                        ],
                        [
                            'R9.2',
                            "Quand un joueur a une réserve gagnante, la phase II du tour est jouée jusqu'au bout (tout le monde joue encore son tour), et la partie s'arrête là, avant que la rivière n'avance. Tous ceux qui ont alors une réserve gagnante gagnent.",
                        ],
                        [
                            'R9.3',
                            "Avec l'option « départage », plusieurs gagnants sont classés selon la valeur de leurs gemmes (violet 1, incolore 2, jaune 3, bleu 4, rouge 5). Elle est désactivée sauf si la table l'a choisie.",
                        ],
                        [
                            'R9.4',
                            "Si tous les joueurs abandonnent ou s'en vont, la partie se termine sans gagnant.",
                        ],
                    ],
                },
            ],
        },
        {
            id: 'spirits',
            title: 'Les Esprits du Niagara (extension)',
            sections: [
                {
                    rule: 'R10',
                    title: "Ce qu'apporte l'extension",
                    short: 'Les Esprits du Niagara',
                    items: [
                        [
                            'R10.1',
                            "Jusqu'à 6 joueurs, 10 cartes chacun (les cartes de base plus 7, lasso et 1/2/3), un canoé double chacun, les gemmes de R1.3 et trois nouveaux personnages sur la rivière.",
                        ],
                        ['fig', 'double'],
                        [
                            'p',
                            '**La carte 7.** Une carte chiffrée : sept points par canoé, et elle compte pour la vitesse de la rivière.',
                        ],
                        [
                            'R10.2',
                            "**Le tourbillon.** Un disque spécial, d'abord à T3, qui avance comme les autres ; quand il tombe, il revient comme prochain disque à T1.",
                        ],
                        [
                            'R10.3',
                            "Aucun canoé ne peut rester sur le tourbillon. Le traverser en descendant ne coûte rien de plus ; en sortir en remontant coûte 2 points. Un canoé dont le déplacement s'arrête dessus (en remontant : aussi quand son dernier point y a été dépensé) est aussitôt poussé d'une case vers l'aval : à T5, son propriétaire choisit le bras ; à L7 ou R7, il tombe. Un canoé poussé ne peut pas voler, ni charger ou décharger après son déplacement.",
                        ],
                        [
                            'R10.4',
                            'Vous pouvez charger ou décharger avant un déplacement qui finit sur le tourbillon ; la poussée vient ensuite.',
                        ],
                        ['fig', 'whirlpool'],
                        [
                            'R10.5',
                            "**Lasso.** Vos canoés sur la rivière passent ce tour sur la berge, à côté de leur case : ils n'avancent pas avec la rivière, ne peuvent pas être volés et ne chargent ni ne déchargent. Après la rivière, ils reviennent sur l'eau aux mêmes cases (celui qui retombe sur le tourbillon est poussé plus loin). Les canoés sur la rive y restent. Ce n'est pas une carte chiffrée.",
                        ],
                        ['fig', 'lasso'],
                        [
                            'R10.6',
                            "**1/2/3.** Déplacez exactement un canoé, depuis la rive ou sur la rivière, de 1, 2 ou 3 points, à votre choix (chargement permis si les points suffisent). Ce n'est pas une carte chiffrée : elle ne fixe pas la vitesse de la rivière.",
                        ],
                        [
                            'R10.7',
                            "**Le Castor baigneur.** Chaque fois que la météo est mise sur +2 et que le castor n'est pas sur la rivière, il saute sur le disque de T1 (T2 si le tourbillon est à T1) et descend avec lui. Quand son disque tombe dans la cascade, la météo revient à 0 (la vitesse déjà comptée ce tour ne change pas).",
                        ],
                        ['fig', 'beaver'],
                        [
                            'R10.8',
                            "**L'Élan pressé.** Il attend au gisement rouge. Au début de votre tour, quelle que soit votre carte, un de vos canoés à L7 ou R7 peut le prendre si personne ne l'a. Ce canoé a ensuite 2 points de plus chaque fois qu'il se déplace (3 à 5 avec la carte 1/2/3 ; votre autre canoé 1 à 3). On ne peut ni le voler ni le donner. Quand son canoé accoste ou tombe, l'élan retourne au gisement rouge après la rivière suivante. Il ne change jamais la vitesse de la rivière.",
                        ],
                        ['fig', 'elk'],
                    ],
                },
            ],
        },
        {
            id: 'joe',
            title: 'Diamond Joe (variante)',
            sections: [
                {
                    rule: 'R11',
                    title: 'Diamond Joe',
                    short: 'Diamond Joe',
                    items: [
                        [
                            'R11.1',
                            "Diamond Joe est un canoé neutre qui n'appartient à personne et porte au plus une gemme. Il part, vide, du disque de T1.",
                        ],
                        [
                            'R11.2',
                            "En phase III, après la rivière, Joe, s'il est vide, charge une gemme du gisement voisin s'il y en a une.",
                        ],
                        [
                            'R11.3',
                            "Puis il remonte d'autant de cases que la carte chiffrée du premier joueur (toute autre carte : il ne bouge pas). Arrivé à T1 avec des points en trop, il fait demi-tour et redescend, par le bras droit à l'embranchement. Il ne va jamais sur la rive.",
                        ],
                        [
                            'R11.4',
                            "S'il passe la cascade, sa gemme retourne dans son gisement et il repart aussitôt de T1.",
                        ],
                        [
                            'R11.5',
                            "À la fin de votre tour, un de vos canoés sur la case de Joe (même s'il n'a pas bougé, mais pas depuis la berge) peut, gratuitement et si vous le voulez : *prendre* sa gemme dans une place libre, *échanger* une de ses gemmes contre la sienne, ou lui *donner* une gemme s'il est vide.",
                        ],
                        [
                            'R11.6',
                            "Joe ne se fait jamais voler, ne bloque personne et n'est pas un joueur.",
                        ],
                        ['fig', 'joe'],
                    ],
                },
            ],
        },
        {
            id: 'table',
            title: 'À cette table',
            sections: [
                {
                    rule: 'R12',
                    title: "Ce qu'ajoute la table en ligne",
                    short: 'La table en ligne',
                    items: [
                        [
                            'R12.1',
                            "Chaque partie peut être rejouée à l'identique à partir de ses options, de sa graine et de ses coups : c'est ce que montrent les rediffusions.",
                        ],
                        [
                            'R12.2',
                            "Vos décisions : les rachats et la carte (phase I) ; l'élan, le sens de la météo et le déplacement de chaque canoé (phase II) ; le bras après une poussée du tourbillon ; l'échange avec Diamond Joe. La table ne propose que des choix permis, et un coup refusé dit quelle règle l'empêche.",
                        ],
                        [
                            'p',
                            'À votre tour, les canoés qui peuvent bouger brillent : touchez-en un, puis une case qui brille (ou la rive). Les mêmes choix sont des boutons dans votre décision, et tous sont décrits en toutes lettres.',
                        ],
                        [
                            'p',
                            "Survolez une carte (ou appuyez longuement) pour voir ce qu'elle fait. Le journal à côté du plateau raconte ce qu'ont fait les autres ; un court avis vous prévient quand quelque chose vous arrive. Un numéro de règle dans un message, comme (R4.4), ouvre ce résumé à cette règle.",
                        ],
                        [
                            'p',
                            "Les sons sont coupés tant que vous ne les activez pas dans l'en-tête. La zone de discussion accepte aussi des commandes comme `/help`.",
                        ],
                    ],
                },
            ],
        },
    ],
};
